# translate: the table maps to int, str or None
print("ab".translate({97: None}))
print("ab".translate({97: 1.5}))
