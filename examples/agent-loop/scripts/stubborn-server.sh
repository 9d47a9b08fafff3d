#!/usr/bin/env bash
# A "server" that never ends, with a grandchild: the demo's Bash timeout must kill both.
sleep "300.$1" &
echo "started a grandchild (sleep 300.$1) and a child; waiting forever"
sleep "300.$1"
true
