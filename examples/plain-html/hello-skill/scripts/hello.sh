name="${1:-world}"
greeting="Hello, $name, from the shell!"
echo "$greeting"
echo "$greeting" > greeting.txt
