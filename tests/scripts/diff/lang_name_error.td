print(1)
print(undefined_name)
