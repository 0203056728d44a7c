items = {"apple": 1.5, "kiwi": 0.25}
for k, v in items.items():
    print(f"{k:<8}{v:>8.3f}{v * 100:>6.0f}%")
w = 10
print(f"{'x':>{w}}|" if False else f"{'x':>10}|")
print(f"{3:3d}|{-3:3d}|{3.5:6.2f}|{-3.5:<7.2f}|{True}|{None!r}")
