// kibitz's batches (table --file, solve --file) spread over every server at once: the batch is cut
// into chunks, each server takes chunks as it finishes the last (its `in_flight` at a time), a
// chunk whose server fails goes to another server, one refused as busy waits and goes to whichever
// server is free first, and the output is written in input order, resumably.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "clients/cli/transport.h"

namespace kibitzer::cli {

// Items [begin, end) of a batch.
struct Chunk {
  size_t begin = 0, end = 0;
};

// The chunk's output (lines for the file, in item order), or its error.
using SendChunk = std::function<absl::StatusOr<std::string>(Transport&, const Chunk&)>;

struct BatchOptions {
  size_t items = 0;        // in the batch
  size_t done = 0;         // at its start (a resumed batch): items [0, done) are not sent again
  size_t chunk_size = 50;  // items a request
  // The output, in input order: stdout, or the file being continued. Progress (a bar on stderr)
  // when `progress`.
  std::FILE* out = stdout;
  bool progress = false;
  // A chunk is tried at most this many times in all (on different servers first); 0: twice per
  // server, and at least four times. Refusals as busy are not tries.
  int attempts = 0;
  // Chunks in flight at once on each transport (by index; missing or 0: 2).
  std::vector<int> in_flight = {};
  // Longest wait before a busy chunk is sent again (the waits double from 100 ms up to it).
  std::chrono::milliseconds max_backoff{5000};
  // A chunk refused as INVALID_ARGUMENT is sent again item by item, and each bad item's output is
  // an error line (ErrorLine) instead of ending the batch.
  bool skip_bad = false;
};

// The error line --skip-bad writes for a bad item (`item` counted from 1): one JSON object.
std::string ErrorLine(size_t item, const absl::Status& status);

// Results kept from a batch that failed: each item's output line (without its newline), by item.
using KeptLines = std::map<size_t, std::string>;

// Runs the batch. A chunk that fails with UNAVAILABLE or DEADLINE_EXCEEDED (a server down or
// stuck) is sent again, to another server when there is one, within `attempts`; one refused with
// RESOURCE_EXHAUSTED (the servers are busy) waits, doubling its wait each time, and is sent again
// without using a try, up to kMaxBusy refusals; any other error ends the batch: the output before
// the first chunk in input order that failed is written, and that chunk's error is returned, the
// same whatever the servers and threads (chunks after it are not sent, or not written).
//
// With `kept`, a chunk that failed for good for the servers' sake (down, stuck or busy through
// every try) does not waste the work after it: the batch goes on with the later chunks and, on
// return, `*kept` holds the lines of the items finished after the failed chunk (not written, as
// the output stays in input order). On entry `*kept` holds the lines an earlier run kept: a chunk
// whose items are all there is not sent again. A bad input (any other error) still ends the batch
// at once.
inline constexpr int kMaxBusy = 64;
absl::Status RunBatch(const std::vector<Transport*>& transports, const BatchOptions& options,
                      const SendChunk& send, KeptLines* kept = nullptr);

// The side file OUTPUT.kibitz-kept: the lines a failed run kept, under the run's signature.
// SaveKept writes it (or removes it when `kept` is empty); LoadKept reads it back when it holds
// `signature` (else nothing: another run's lines are never used).
absl::Status SaveKept(const std::string& output, const std::string& signature,
                      const KeptLines& kept);
KeptLines LoadKept(const std::string& output, const std::string& signature);

// Whether `output` may be continued by a run whose input and settings `signature` describes:
// with `done` lines in it already, the side file OUTPUT.kibitz must hold the same signature (else
// FAILED_PRECONDITION naming both files); a new output gets its side file written.
absl::Status CheckResumable(const std::string& output, const std::string& signature, size_t done);

// A short, stable digest of `text` (FNV-1a, 64 bits, in hex) for CheckResumable's signature.
std::string Digest(const std::string& text);

// Resuming: the number of complete lines in `path` (a file the batch writes one line an item
// to), with any unfinished last line cut off; 0 when there is no such file. The file is then open
// for appending in `*out`.
absl::StatusOr<size_t> OpenResumable(const std::string& path, std::FILE** out);

}  // namespace kibitzer::cli
