# sys.argv: script path, then arguments untouched
import sys
print(sys.argv[1:])
print(len(sys.argv))
