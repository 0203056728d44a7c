print([float('inf'), float('-inf'), float('nan'), -0.0, 0.0])
print(str(float('nan')), repr(-float('inf')), 1e-310)
