# The baseline of the String Catalog benchmarks (Scripts/bench-cli.sh): Python's json.load of
# the same file (as fast as Foundation's JSONSerialization on the machines measured).
import json
import sys

with open(sys.argv[1], encoding="utf-8") as file:
    json.load(file)
