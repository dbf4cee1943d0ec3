import json
import os
import sys

args = sys.argv[1:]
print(json.dumps({"runtime": "python", "args": args}))
os.makedirs("out", exist_ok=True)
with open(os.path.join("out", "from_python.txt"), "w") as fh:
    fh.write("python saw %d args: %s\n" % (len(args), " | ".join(args)))
print("wrote out/from_python.txt")
