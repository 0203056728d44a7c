# Subclassing a built-in type tdsl cannot extend names it (issue 15).
class B(bool):
    pass
