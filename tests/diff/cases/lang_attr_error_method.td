"abc".nosuch()
