# sys.stdout.write writes without a newline
import sys
sys.stdout.write("a")
sys.stdout.write("b\n")
