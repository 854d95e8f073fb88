// The C++ half of bench/ada.sh: ada's URL Standard parser
// (ada::parse<ada::url_aggregator>) over the lines of a file, timed in CPU
// time or run once for callgrind to count. bench/adawhatwg is the Go half
// (whatwg.Parse), and takes the same arguments and prints the same line.
//
// Usage: parse FILE time MS   parses every line, over and over, for at least
//                             MS milliseconds of CPU time after one warm-up
//                             pass, and prints "ns/URL passes accepted"
//        parse FILE count N   parses every line N times in measure (ada.sh
//                             counts its instructions, N = 1 and more, under
//                             callgrind) and prints "lines accepted checksum"
//        parse FILE none N    the same loop with no parse: its own cost
//
// The lines are read whole first; "\n" ends a line and a "\r" before it is
// dropped, as Go's bufio.Scanner does.
//
// The code is this project's; ada (ada.h, ada.cpp) is not part of it: ada.sh
// compiles them from ADA_SRC beside this file.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

std::vector<std::string> read_lines(const char *path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "parse: cannot open %s\n", path);
    std::exit(1);
  }
  std::vector<std::string> lines;
  std::string s;
  while (std::getline(f, s)) {
    if (!s.empty() && s.back() == '\r') s.pop_back();
    lines.push_back(s);
  }
  return lines;
}

double cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

// pass parses every line once; it returns how many parse and adds the
// length of each href to sum, so that the work cannot be left out.
size_t pass(const std::vector<std::string_view> &lines, size_t &sum) {
  size_t ok = 0;
  for (std::string_view s : lines) {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (u) {
      ok++;
      sum += u->get_href().size();
    }
  }
  return ok;
}

}  // namespace

// measure runs n passes (ada.sh counts the program under callgrind with 1 and more),
// or with parse false the loop alone.
extern "C" __attribute__((noinline)) size_t measure(
    const std::vector<std::string_view> *lines, int n, bool parse,
    size_t *sum) {
  size_t ok = 0;
  for (int i = 0; i < n; i++) {
    if (parse) {
      ok += pass(*lines, *sum);
    } else {
      for (std::string_view s : *lines) *sum += s.size();
    }
  }
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 4 || (std::strcmp(argv[2], "time") != 0 &&
                    std::strcmp(argv[2], "count") != 0 &&
                    std::strcmp(argv[2], "none") != 0)) {
    std::fprintf(stderr, "usage: parse FILE time MS | FILE count N | FILE none N\n");
    return 2;
  }
  std::vector<std::string> text = read_lines(argv[1]);
  std::vector<std::string_view> lines(text.begin(), text.end());
  long arg = std::atol(argv[3]);
  size_t sum = 0;
  if (std::strcmp(argv[2], "time") == 0) {
    size_t ok = pass(lines, sum);  // warm-up
    double budget = double(arg) * 1e6, start = cpu_ns(), spent = 0;
    long passes = 0;
    do {
      pass(lines, sum);
      passes++;
      spent = cpu_ns() - start;
    } while (spent < budget);
    std::printf("%.2f %ld %zu\n", spent / double(passes) / double(lines.size()), passes, ok);
    return sum == 0 ? 1 : 0;
  }
  size_t ok = measure(&lines, int(arg), argv[2][0] == 'c', &sum);
  std::printf("%zu %zu %zu\n", lines.size(), arg > 0 ? ok / size_t(arg) : 0, sum);
  return 0;
}
