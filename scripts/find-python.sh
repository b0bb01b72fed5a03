#!/bin/sh
# Prints the path of a Python >= 3.12 found on this machine, or fails.
# The default python3 may be older; pyenv keeps newer ones under ~/.pyenv.
for candidate in python3.13 python3.12 python3 \
    "$HOME"/.pyenv/versions/3.13*/bin/python3 "$HOME"/.pyenv/versions/3.12*/bin/python3 \
    /usr/local/bin/python3.13 /usr/local/bin/python3.12 /usr/bin/python3.13 /usr/bin/python3.12; do
    path=$(command -v "$candidate" 2>/dev/null) || continue
    if "$path" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
        echo "$path"
        exit 0
    fi
done
echo "no Python >= 3.12 found; install one (e.g. pyenv install 3.12)" >&2
exit 1
