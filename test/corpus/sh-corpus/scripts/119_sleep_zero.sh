#!/bin/sh
# Sleeping for no time returns at once (the Wasmer runtime once took a zero wait as endless).
sleep 0; echo "slept: $?"
sleep 0 && sleep 0.0 && echo "zero twice"
sleep 0 & wait $!; echo "in the background: $?"
