import sys
print("before")
sys.exit(0)
print("after")
