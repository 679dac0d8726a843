#include "clients/cli/batch.h"

#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/json_quote.h"
#include "engine/core/thread_pool.h"

namespace kibitzer::cli {
namespace {

bool Retryable(const absl::Status& s) {
  return s.code() == absl::StatusCode::kUnavailable ||
         s.code() == absl::StatusCode::kDeadlineExceeded;
}

// A failure of the servers (down, stuck, busy), not of the input: the work after it is worth
// keeping.
bool ServersFailed(const absl::Status& s) {
  return Retryable(s) || s.code() == absl::StatusCode::kResourceExhausted;
}

// The chunk's text from kept lines, when every item of it is there.
std::optional<std::string> FromKept(const KeptLines& kept, const Chunk& c) {
  std::string text;
  for (size_t i = c.begin; i < c.end; ++i) {
    const auto it = kept.find(i);
    if (it == kept.end()) return std::nullopt;
    absl::StrAppend(&text, it->second, "\n");
  }
  return text;
}

// Files a chunk's text (a line an item) under its items.
void Keep(const std::string& text, const Chunk& c, KeptLines* kept) {
  size_t at = 0;
  for (size_t i = c.begin; i < c.end && at < text.size(); ++i) {
    const size_t end = std::min(text.find('\n', at), text.size());
    (*kept)[i] = text.substr(at, end - at);
    at = end + 1;
  }
}

void DrawProgress(size_t done, size_t total) {
  constexpr int kWidth = 40;
  const int filled = total == 0 ? kWidth : static_cast<int>(kWidth * done / total);
  std::fprintf(stderr, "\r[%s%s] %zu/%zu", std::string(filled, '#').c_str(),
               std::string(kWidth - filled, '.').c_str(), done, total);
  if (done == total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

// The shared state of one batch.
class Batch {
 public:
  Batch(const std::vector<Transport*>& transports, const BatchOptions& o, const SendChunk& send,
        KeptLines* kept)
      : transports_(transports), options_(o), send_(send), kept_(kept) {
    for (size_t begin = o.done; begin < o.items; begin += o.chunk_size) {
      chunks_.push_back({begin, std::min(o.items, begin + o.chunk_size)});
      std::optional<std::string> earlier;
      if (kept != nullptr) earlier = FromKept(*kept, chunks_.back());
      if (earlier) {
        results_[chunks_.size() - 1] = *std::move(earlier);  // an earlier run's: not sent again
      } else {
        queue_.push_back(chunks_.size() - 1);
      }
    }
    if (kept != nullptr) kept->clear();  // what is not written now is kept again below
    failed_on_.assign(chunks_.size(), std::vector<bool>(transports.size(), false));
    tries_.assign(chunks_.size(), 0);
    busy_.assign(chunks_.size(), 0);
    // Behind a balancer one address is many servers: at least four tries then.
    max_tries_ = o.attempts > 0 ? o.attempts : std::max(4, 2 * static_cast<int>(transports.size()));
  }

  absl::Status Run() {
    core::ThreadGroup workers;
    for (size_t t = 0; t < transports_.size(); ++t) {
      const int n =
          t < options_.in_flight.size() && options_.in_flight[t] > 0 ? options_.in_flight[t] : 2;
      for (int k = 0; k < n; ++k) workers.Start([this, t] { Work(t); });
    }
    WriteInOrder();
    workers.Join();
    return error_;
  }

 private:
  // Takes the first waiting chunk this transport has not failed, or one that every transport has
  // failed (another round), sends it, and files the answer.
  void Work(size_t t) {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      auto pick = queue_.end();
      cv_.wait(lock, [&] {
        if (!error_.ok() || written_ == chunks_.size()) return true;
        pick = std::find_if(queue_.begin(), queue_.end(), [&](size_t c) {
          return !failed_on_[c][t] ||
                 std::all_of(failed_on_[c].begin(), failed_on_[c].end(), [](bool f) { return f; });
        });
        return pick != queue_.end();
      });
      if (!error_.ok() || written_ == chunks_.size()) return;
      const size_t c = *pick;
      if (c > stop_at_ && (drop_later_ || servers_gone_)) {  // never written, not sent
        queue_.erase(pick);
        continue;
      }
      queue_.erase(pick);
      if (failed_on_[c][t]) failed_on_[c].assign(transports_.size(), false);  // a new round
      ++sending_;
      lock.unlock();
      absl::StatusOr<std::string> text = Send(*transports_[t], chunks_[c]);
      lock.lock();
      if (text.ok()) {
        results_[c] = *std::move(text);
        failed_in_a_row_ = 0;
      } else if (text.status().code() == absl::StatusCode::kResourceExhausted &&
                 ++busy_[c] < kMaxBusy) {
        // Busy: not this server's fault nor the chunk's. Wait, then let whichever worker is
        // free first take it (this one included).
        const auto wait = std::min<std::chrono::milliseconds>(
            options_.max_backoff, std::chrono::milliseconds(100L << std::min(busy_[c] - 1, 10)));
        lock.unlock();
        std::this_thread::sleep_for(wait);
        lock.lock();
        queue_.push_front(c);
      } else if (Retryable(text.status()) && ++tries_[c] < max_tries_) {
        failed_on_[c][t] = true;
        queue_.push_front(c);
        // This server is failing: give the others a moment to take the chunk.
        lock.unlock();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        lock.lock();
      } else {
        Fail(c, text.status());
      }
      --sending_;
      cv_.notify_all();
    }
  }

  // Chunk c failed for good. The first failure in input order ends the output there; after a bad
  // input nothing later is sent, after the servers' failure (with somewhere to keep it) the rest
  // goes on until several chunks in a row have failed.
  void Fail(size_t c, const absl::Status& status) {
    if (kept_ == nullptr || !ServersFailed(status)) drop_later_ = true;
    // Chunks failing for good one after another: the servers are gone; keep what is done.
    constexpr int kGone = 3;
    if (++failed_in_a_row_ >= kGone) servers_gone_ = true;
    if (c < stop_at_) {
      stop_at_ = c;
      failure_ = status;
    }
    if (drop_later_ || servers_gone_) {
      queue_.erase(std::remove_if(queue_.begin(), queue_.end(),
                                  [this](size_t other) { return other > stop_at_; }),
                   queue_.end());
    }
  }

  // Sends a chunk; with skip_bad, a chunk refused as INVALID_ARGUMENT again item by item, a bad
  // item's output being its error line.
  absl::StatusOr<std::string> Send(Transport& transport, const Chunk& chunk) {
    absl::StatusOr<std::string> text = send_(transport, chunk);
    if (text.ok() || !options_.skip_bad ||
        text.status().code() != absl::StatusCode::kInvalidArgument) {
      return text;
    }
    std::string out;
    for (size_t i = chunk.begin; i < chunk.end; ++i) {
      absl::StatusOr<std::string> one =
          chunk.end - chunk.begin == 1 ? text : send_(transport, Chunk{i, i + 1});
      if (one.ok()) {
        out += *one;
      } else if (one.status().code() == absl::StatusCode::kInvalidArgument) {
        out += ErrorLine(i + 1, one.status());
      } else {
        return one.status();  // the server, not the item: retried as any chunk
      }
    }
    return out;
  }

  // Writes the chunks' output in input order as it comes (on the calling thread).
  void WriteInOrder() {
    std::unique_lock<std::mutex> lock(mu_);
    size_t done = options_.done;
    if (options_.progress) DrawProgress(done, options_.items);
    while (written_ < chunks_.size()) {
      cv_.wait(lock, [&] { return written_ == stop_at_ || results_.count(written_) != 0; });
      if (written_ == stop_at_) {  // the first failed chunk: the batch ends here
        // Going on after it: the later chunks' lines are kept once every chunk is settled.
        cv_.wait(lock, [&] { return drop_later_ || (queue_.empty() && sending_ == 0); });
        if (!drop_later_) {
          for (const auto& [c, text] : results_) Keep(text, chunks_[c], kept_);
        }
        error_ = failure_;
        break;
      }
      const std::string text = std::move(results_[written_]);
      results_.erase(written_);
      done = chunks_[written_].end;
      ++written_;
      lock.unlock();
      std::fwrite(text.data(), 1, text.size(), options_.out);
      std::fflush(options_.out);
      if (options_.progress) DrawProgress(done, options_.items);
      lock.lock();
    }
    cv_.notify_all();
    if (options_.progress && done != options_.items) std::fputc('\n', stderr);
  }

  const std::vector<Transport*>& transports_;
  const BatchOptions& options_;
  const SendChunk& send_;
  KeptLines* kept_;  // where the lines after a failed chunk go; null: nowhere (nothing goes on)
  std::vector<Chunk> chunks_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<size_t> queue_;
  std::vector<std::vector<bool>> failed_on_;
  std::vector<int> tries_;
  std::vector<int> busy_;  // refusals as busy, each chunk's
  int max_tries_ = 2;
  std::map<size_t, std::string> results_;
  size_t written_ = 0;
  size_t stop_at_ = SIZE_MAX;  // the first chunk in input order that failed for good
  bool drop_later_ = false;    // a chunk failed for its input (or nothing can be kept)
  bool servers_gone_ = false;  // chunks failed for the servers' sake in a row: none sent now
  int failed_in_a_row_ = 0;
  int sending_ = 0;       // chunks being sent now
  absl::Status failure_;  // its error
  absl::Status error_;    // the batch's end: set once the output before stop_at_ is written
};

}  // namespace

absl::Status RunBatch(const std::vector<Transport*>& transports, const BatchOptions& options,
                      const SendChunk& send, KeptLines* kept) {
  if (transports.empty()) return absl::InvalidArgumentError("--server: no server to send to");
  return Batch(transports, options, send, kept).Run();
}

absl::Status SaveKept(const std::string& output, const std::string& signature,
                      const KeptLines& kept) {
  const std::string side = output + ".kibitz-kept";
  if (kept.empty()) {
    std::remove(side.c_str());
    return absl::OkStatus();
  }
  std::ofstream out(side, std::ios::trunc);
  out << signature << "\n";
  for (const auto& [item, line] : kept) out << item << "\t" << line << "\n";
  out.close();
  if (!out) return absl::InvalidArgumentError(absl::StrCat("--output: cannot write ", side));
  return absl::OkStatus();
}

KeptLines LoadKept(const std::string& output, const std::string& signature) {
  KeptLines kept;
  std::ifstream in(output + ".kibitz-kept");
  std::string line;
  if (!in || !std::getline(in, line) || line != signature) return kept;
  while (std::getline(in, line)) {
    const size_t tab = line.find('\t');
    size_t item = 0;
    if (tab == std::string::npos || !absl::SimpleAtoi(line.substr(0, tab), &item)) return {};
    kept[item] = line.substr(tab + 1);
  }
  return kept;
}

std::string ErrorLine(size_t item, const absl::Status& status) {
  return absl::StrCat("{\"item\":", item, ",\"error\":", JsonQuoted(status.message()), "}\n");
}

std::string Digest(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return absl::StrCat(absl::Hex(h, absl::kZeroPad16));
}

absl::Status CheckResumable(const std::string& output, const std::string& signature, size_t done) {
  const std::string side = output + ".kibitz";
  if (done == 0) {
    std::ofstream out(side, std::ios::trunc);
    out << signature << "\n";
    if (!out) return absl::InvalidArgumentError(absl::StrCat("--output: cannot write ", side));
    return absl::OkStatus();
  }
  std::string held;
  if (std::ifstream in(side); in) std::getline(in, held);
  if (held != signature) {
    return absl::FailedPreconditionError(
        absl::StrCat("--output: ", output, " holds ", done, " results of ",
                     held.empty() ? "a run this one cannot check (no " + side + ")"
                                  : "another input or other settings (" + side + ": " + held + ")",
                     "; this run is ", signature,
                     ". Give another --output, or delete both files to start over"));
  }
  return absl::OkStatus();
}

absl::StatusOr<size_t> OpenResumable(const std::string& path, std::FILE** out) {
  std::string text;
  if (std::ifstream in(path, std::ios::binary); in) {
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  const size_t lines = static_cast<size_t>(std::count(text.begin(), text.begin() + complete, '\n'));
  if (complete != text.size() && truncate(path.c_str(), static_cast<off_t>(complete)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--output: cannot cut the unfinished last line of ", path));
  }
  *out = std::fopen(path.c_str(), "a");
  if (*out == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("--output: cannot write ", path));
  }
  return lines;
}

}  // namespace kibitzer::cli
