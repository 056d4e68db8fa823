"""Timing a command the way every bookclub benchmark does: wall time and peak memory of the
child process, median and maximum over several runs."""
import os
import statistics
import subprocess
import sys
import time


def measure(command, runs, before=None, warm_up=False):
    """Median wall seconds and the peak RSS in MiB of `command` over `runs` runs.

    `before` runs ahead of every run (to reset state); `warm_up` adds one untimed run first.
    """
    times, peaks = [], []
    for attempt in range(runs + (1 if warm_up else 0)):
        if before:
            before()
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if status != 0:
            sys.exit(f"failed ({status}): {' '.join(command)}")
        if warm_up and attempt == 0:
            continue
        times.append(elapsed)
        peaks.append(usage.ru_maxrss / 1024)
    return statistics.median(times), max(peaks)
