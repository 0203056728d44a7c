# sys.exit(n) ends the script with status n (here 1 = error status)
import sys
print("one")
sys.exit(1)
print("never")
