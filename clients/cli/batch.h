// kibitz's batches (table --file, solve --file) spread over every server at once: the batch is cut
// into chunks, each server takes chunks as it finishes the last (two in flight each), a chunk
// whose server fails or is full goes to another server, and the output is written in input order,
// resumably.
#pragma once

#include <cstddef>
#include <functional>
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
  // server, and at least four times.
  int attempts = 0;
};

// Runs the batch: every transport gets two chunks in flight at a time. A chunk that fails with
// UNAVAILABLE, RESOURCE_EXHAUSTED or DEADLINE_EXCEEDED is sent again, to another server when there
// is one; any other error ends the batch (the output so far stays, in order).
absl::Status RunBatch(const std::vector<Transport*>& transports, const BatchOptions& options,
                      const SendChunk& send);

// Resuming: the number of complete lines in `path` (a file the batch writes one line an item
// to), with any unfinished last line cut off; 0 when there is no such file. The file is then open
// for appending in `*out`.
absl::StatusOr<size_t> OpenResumable(const std::string& path, std::FILE** out);

}  // namespace kibitzer::cli
