#include "engine/games/scrabble/lexicon/lexicon_store.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/leaves/leave_table.h"

namespace kibitzer::scrabble {

absl::StatusOr<std::string> LexiconName(std::string_view text, const std::string& field) {
  bool ok = !text.empty() && text.size() <= 32;
  for (char c : text) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') ok = false;
  }
  if (!ok) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", core::Quote(text),
                     " is not a lexicon name (1 to 32 letters, digits, '_' or '-')"));
  }
  return absl::AsciiStrToUpper(std::string(text));
}

LexiconStore::LexiconStore(std::string dir) : dir_(std::move(dir)) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
    const std::filesystem::path& p = entry.path();
    if (p.extension() != kLexiconExtension) continue;
    absl::StatusOr<std::string> name = LexiconName(p.stem().string(), "file");
    if (name.ok()) loaded_.emplace(*name, Lexicon{});  // listed, loaded on first use
  }
}

std::vector<std::string> LexiconStore::Names() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, kwg] : loaded_) names.push_back(name);
  return names;
}

absl::StatusOr<Lexicon> LexiconStore::Get(std::string_view text, const std::string& field) const {
  absl::StatusOr<std::string> name = LexiconName(text, field);
  if (!name.ok()) return name.status();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = loaded_.find(*name);
  if (it == loaded_.end()) {
    std::vector<std::string> names;
    for (const auto& [n, kwg] : loaded_) names.push_back(n);
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": no lexicon named ", core::Quote(text), " (known: ",
        names.empty() ? "none; build one with kibitz lexicon build" : absl::StrJoin(names, ", "),
        ")"));
  }
  if (it->second.words == nullptr) {
    absl::StatusOr<Kwg> kwg =
        LoadLexiconFile((std::filesystem::path(dir_) / (it->first + kLexiconExtension)).string());
    if (!kwg.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": lexicon ", it->first, " cannot be loaded: ", kwg.status().message()));
    }
    // Its learned leave values, when the directory has them.
    const std::filesystem::path leaves =
        std::filesystem::path(dir_) / (it->first + kLeavesExtension);
    if (std::filesystem::exists(leaves)) {
      absl::StatusOr<LeaveTable> table = LoadLeaveFile(leaves.string());
      if (!table.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(
            field, ": lexicon ", it->first, " cannot be loaded: ", table.status().message()));
      }
      it->second.leaves = std::make_shared<const LeaveTable>(*std::move(table));
    }
    it->second.words = std::make_shared<const Kwg>(*std::move(kwg));
  }
  return it->second;
}

absl::Status SaveLexicon(const Kwg& kwg, const std::string& dir, const std::string& name) {
  const std::filesystem::path path = std::filesystem::path(dir) / (name + kLexiconExtension);
  const std::filesystem::path temp = path.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    const std::string bytes = kwg.Serialize();
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) return absl::InternalError(absl::StrCat("cannot write ", temp.string()));
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec)
    return absl::InternalError(absl::StrCat("cannot write ", path.string(), ": ", ec.message()));
  return absl::OkStatus();
}

absl::StatusOr<uint32_t> BuildLexiconFile(const std::string& words_path, std::string_view name,
                                          const std::string& dir) {
  absl::StatusOr<std::string> upper = LexiconName(name, "--name");
  if (!upper.ok()) return upper.status();
  std::ifstream in(words_path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", words_path));
  std::ostringstream text;
  text << in.rdbuf();
  absl::StatusOr<std::vector<std::string>> words = ParseWordList(text.str());
  if (!words.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(words_path, ": ", words.status().message()));
  }
  const Kwg kwg = BuildKwg(*words);
  if (absl::Status s = SaveLexicon(kwg, dir, *upper); !s.ok()) return s;
  return kwg.words();
}

absl::StatusOr<Kwg> LoadLexiconFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return Kwg::Parse(bytes.str());
}

}  // namespace kibitzer::scrabble
