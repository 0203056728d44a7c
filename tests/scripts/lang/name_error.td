# undefined names
print("before")
print(undefined_thing)
