// Runs a command once and reports what it alone cost: wall nanoseconds, peak resident
// memory (wait4's ru_maxrss of that process) and exit status, as "ns kib status".
//
// Python cannot report this itself: a child it spawns starts as a copy of the Python process
// and keeps its high-water mark across exec, so every figure under ~15 MiB came out wrong.
// This launcher is a few hundred KiB; what it forks is measured from there.
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: launch command [argument ...]\n");
    return 2;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t child = fork();
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (child < 0 || wait4(child, &status, 0, &usage) < 0) return 1;
  clock_gettime(CLOCK_MONOTONIC, &end);
  long long ns = (end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
  printf("%lld %ld %d\n", ns, usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 0;
}
