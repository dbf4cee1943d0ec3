#!/bin/sh
# set -e with pipelines and && chains; last command of a pipeline decides.
set -e
false | true
echo "pipeline with failing first stage continues"
true && false && echo "not printed"
echo "&& chain failure in middle does not exit"
grep -q nosuch data/app.log || true
echo "|| true swallows"
count=$(grep -c nosuch data/app.log || true)
echo "count=$count"
mkdir -p out
cat data/missing-file > /dev/null
echo "must not print"
