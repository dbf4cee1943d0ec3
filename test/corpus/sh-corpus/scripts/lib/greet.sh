GREETING="hi from lib"
greet() { echo "hello, $1"; }
