import sys

name = sys.argv[1] if len(sys.argv) > 1 else "world"
greeting = f"Hello, {name}, from Python {sys.version_info.major}.{sys.version_info.minor}!"
print(greeting)
with open("greeting.txt", "w") as out:
    out.write(greeting + "\n")
