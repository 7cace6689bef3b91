// model/strata_model/model_death.hpp: runs an action that must end the program, destroying a stack
// from inside one of its own hooks, in a forked child, and reads what the abort message says
// about where it happened. The parent goes on as if the action had not been taken.
#pragma once

#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <csignal>
#include <string_view>

#include <sys/wait.h>
#include <unistd.h>
#endif

namespace strata_model {

// What the stack's destructor prints before it aborts: "strata: stack destroyed <where>; a stack
// must outlive its hooks". The answer is <where>, or a description of what the child did instead.
template <class Destroy>
std::string where_destruction_aborts([[maybe_unused]] Destroy destroy) {
#if defined(__unix__) || defined(__APPLE__)
  static constexpr std::string_view prefix = "strata: stack destroyed ";
  static constexpr std::string_view suffix = "; a stack must outlive its hooks\n";
  int ends[2];
  if (pipe(ends) != 0) {
    return "(pipe() failed)";
  }
  const pid_t child = fork();
  if (child < 0) {
    close(ends[0]);
    close(ends[1]);
    return "(fork() failed)";
  }
  if (child == 0) {
    // libFuzzer catches SIGABRT to report a crash; here it is the expected way out.
    std::signal(SIGABRT, SIG_DFL);
    dup2(ends[1], STDERR_FILENO);
    close(ends[0]);
    close(ends[1]);
    destroy();
    _exit(0);
  }
  close(ends[1]);
  std::string printed;
  char buffer[512];
  for (;;) {
    const ssize_t got = read(ends[0], buffer, sizeof buffer);
    if (got > 0) {
      printed.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  close(ends[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  const bool aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  const std::string_view text = printed;
  if (aborted && text.size() > prefix.size() + suffix.size() && text.starts_with(prefix) &&
      text.ends_with(suffix)) {
    return std::string(text.substr(prefix.size(), text.size() - prefix.size() - suffix.size()));
  }
  return std::string(aborted ? "(aborted" : "(did not abort") + ", printing \"" + printed + "\")";
#else
  return "(no fork() here)";
#endif
}

} // namespace strata_model
