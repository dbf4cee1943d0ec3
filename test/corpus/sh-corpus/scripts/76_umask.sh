#!/bin/sh
# umask reads and sets the file creation mask.
umask 022
umask
umask 077
umask
umask -S
umask 0022
umask
(umask 0777; umask)
umask
