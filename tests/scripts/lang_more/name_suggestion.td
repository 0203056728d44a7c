prnt("hello")
