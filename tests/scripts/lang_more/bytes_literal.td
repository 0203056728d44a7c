data = b'abc'
