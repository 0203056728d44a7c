a = []
for i in range(200000):
    a = [a]
a = None
print("freed")
