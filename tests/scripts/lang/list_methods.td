# list methods
xs = [3, 1, 2]
xs.append(5)
xs.extend([0, 9])
xs.insert(1, 7)
print(xs, xs.index(2), xs.count(1))
print(xs.pop(), xs.pop(0), xs)
xs.remove(7)
xs.reverse()
print(xs)
xs.sort()
print(xs)
xs.sort(reverse=True)
print(xs)
words = ["ccc", "a", "bb"]
words.sort(key=len)
print(words, words.copy())
xs.clear()
print(xs, len(xs))
