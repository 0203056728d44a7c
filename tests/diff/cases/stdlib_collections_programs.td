# collections as programs use them: word counts, BFS with a deque, grouping, records.
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple

text = "the cat sat on the mat the end"
counts = Counter(text.split())
print(counts.most_common(2), counts["the"], counts["dog"], sum(counts.values()))
graph = {0: [1, 2], 1: [3], 2: [3, 4], 3: [5], 4: [5], 5: []}
dist = {0: 0}
queue = deque([0])
while queue:
    node = queue.popleft()
    for nxt in graph[node]:
        if nxt not in dist:
            dist[nxt] = dist[node] + 1
            queue.append(nxt)
print(dist)
by_len = defaultdict(list)
for w in text.split():
    by_len[len(w)].append(w)
print(dict(by_len.items()), sorted(by_len))
recent = deque(maxlen=3)
for i in range(6):
    recent.append(i)
print(recent, list(recent), recent[0])
Point = namedtuple("Point", ["x", "y"])
pts = [Point(3, 4), Point(1, 2), Point(0, 5)]
print(sorted(pts), [p.x * p.x + p.y * p.y for p in pts], pts[0]._asdict())
x, y = pts[1]
print(x + y, pts[1]._replace(x=10), Point._fields, Point(*(7, 8)))
cache = OrderedDict()
for key in "abcabd":
    if key in cache:
        cache.move_to_end(key)
    cache[key] = cache.get(key, 0) + 1
    if len(cache) > 3:
        cache.popitem(last=False)
print(cache, list(cache.items()))
inventory = Counter(apples=3, pears=1)
inventory.update({"apples": 2, "kiwis": 4})
inventory.subtract(pears=1)
print(inventory, +inventory, inventory.total())
