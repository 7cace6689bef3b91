// background_loading: a level built on a worker thread while a loading screen shows its progress
// (R37).
//
// The map pushes (push_loading) a strata::loading<level, loading_screen, game>: a state that shows
// the game's own loading screen (a plain class) while the plan's work runs on another thread. The
// work reads the level in four chunks, reporting its progress, and returns the step that makes the
// level on the game thread (where a real engine uploads to the GPU). Once the work has ended and
// the screen has shown for its minimum time, the level replaces the loading screen. The second load
// is cancelled (Esc): popping the loading screen requests stop through the work's std::stop_token,
// and what the work prepared is destroyed on the game thread when its result comes back.
//
// The signals make the worker read one chunk per frame, and the executor tells the game when
// a work has ended, only so that the output is the same at every run; loading needs neither.
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>

#include <strata/loading.hpp>
#include <strata/strata.hpp>

namespace {

struct game;
using game_stack = strata::stack<game>;

// A count that one thread raises and another waits on: a semaphore, made of a mutex and a
// condition variable (std::binary_semaphore hung this example built by MinGW-w64 under wine).
class signal {
public:
  void release() {
    {
      const std::lock_guard<std::mutex> lock{mutex_};
      ++count_;
    }
    raised_.notify_one();
  }
  void acquire() {
    std::unique_lock<std::mutex> lock{mutex_};
    raised_.wait(lock, [this] { return count_ > 0; });
    --count_;
  }

private:
  std::mutex mutex_;
  std::condition_variable raised_;
  int count_ = 0;
};

// The game's executor: strata's std::jthread per load, and a signal when a work has ended.
struct signalling_executor final : strata::load_executor {
  void start(std::function<void()> work) override {
    threads.start([this, work = std::move(work)] {
      work();
      ended.release();
    });
  }
  signal ended;
  strata::thread_executor threads;
};

struct game {
  std::thread::id game_thread = std::this_thread::get_id();
  signal read_one_chunk;     // game -> worker
  signal chunk_read;         // worker -> game
  signalling_executor loads; // before the stack: it outlives the loads
  game_stack states{*this};
};

const char* where(const game& g) {
  return std::this_thread::get_id() == g.game_thread ? "game thread" : "worker thread";
}

struct level_data {
  level_data(game& g, std::string level_name)
      : owner(&g)
      , name(std::move(level_name)) {}
  level_data(const level_data&) = delete;
  level_data& operator=(const level_data&) = delete;
  level_data(level_data&&) = delete;
  level_data& operator=(level_data&&) = delete;
  ~level_data() { std::printf("  %s data destroyed on the %s\n", name.c_str(), where(*owner)); }
  game* owner;
  std::string name;
  int chunks = 0;
};

struct level {
  explicit level(std::shared_ptr<level_data> d)
      : data(std::move(d)) {}
  void enter(game& g) {
    std::printf("  %s.enter (%d chunks, made on the %s)\n", data->name.c_str(), data->chunks,
                where(g));
  }
  void exit(game& /*g*/) { std::printf("  %s.exit\n", data->name.c_str()); }
  std::shared_ptr<level_data> data;
};

struct map {
  static void pause(game& /*g*/) { std::puts("  map.pause"); }
  static void resume(game& /*g*/) { std::puts("  map.resume"); }
};

struct loading_screen {
  static void enter(game& /*g*/) { std::puts("  loading_screen.enter"); }
  static void exit(game& /*g*/) { std::puts("  loading_screen.exit"); }
  void update(game& /*g*/, double /*dt*/, strata::load_status& load) {
    progress = load.progress;
    elapsed = load.elapsed;
  }
  void draw(game& /*g*/) const {
    const int filled = static_cast<int>(progress * 20);
    std::printf("  [%s%s] %3.0f%%  shown %.2f s\n", std::string(filled, '#').c_str(),
                std::string(20 - filled, ' ').c_str(), progress * 100, elapsed);
  }
  double progress = 0;
  double elapsed = 0;
};

using plan = strata::load_plan<level, game>;

// The work, on the worker: four chunks, one each time the game says so, stopping early when
// asked to.
plan::builder read_level(game& g, const std::string& name, std::stop_token stop,
                         strata::load_progress& progress) {
  auto data = std::make_shared<level_data>(g, name);
  for (int chunk = 1; chunk <= 4; ++chunk) {
    g.read_one_chunk.acquire();
    if (stop.stop_requested()) {
      std::printf("  worker: stop requested, %s abandoned after %d chunks\n", name.c_str(),
                  data->chunks);
      break;
    }
    data->chunks = chunk;
    progress.report(chunk / 4.0);
    std::printf("  worker: read %s chunk %d/4 on the %s\n", name.c_str(), chunk, where(g));
    g.chunk_read.release();
  }
  return [data](game& /*g*/) { return std::make_unique<level>(data); }; // on the game thread
}

// What the map does when the player enters a level: the loading screen shows while the level is
// read, at least 1.5 s.
void enter_level(game& g, const std::string& name) {
  strata::push_loading<level, loading_screen>(
      g.states, {.executor = &g.loads,
                 .work =
                     [&g, name](std::stop_token stop, strata::load_progress& progress) {
                       return read_level(g, name, std::move(stop), progress);
                     },
                 .min_time = 1.5});
}

void frame(game& g, int number) {
  std::printf("frame %d\n", number);
  g.states.frame(0.25);
}

} // namespace

int main() {
  game g;
  g.states.push<map>();
  g.states.commit();
  int number = 0;

  std::puts("-- the player enters the forest: 4 chunks, shown at least 1.5 s");
  enter_level(g, "forest");
  frame(g, ++number);
  for (int chunk = 1; chunk <= 4; ++chunk) {
    g.read_one_chunk.release();
    g.chunk_read.acquire();
    if (chunk == 4) {
      g.loads.ended.acquire(); // its result is posted: it arrives at the next frame
    }
    frame(g, ++number);
  }
  frame(g, ++number); // 1.5 s shown: the forest replaces the loading screen

  std::puts("-- back to the map, then into the caves; Esc after one chunk");
  g.states.pop();
  g.states.commit();
  enter_level(g, "caves");
  frame(g, ++number);
  g.read_one_chunk.release();
  g.chunk_read.acquire();
  frame(g, ++number);
  g.states.pop(); // Esc: the loading screen goes, its work is asked to stop
  frame(g, ++number);
  g.read_one_chunk.release();
  g.loads.ended.acquire();
  frame(g, ++number); // the abandoned result arrives and is destroyed here

  std::puts("-- quit");
}
