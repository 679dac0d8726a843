#include "engine/search/monte_carlo.h"

namespace kibitzer::search {

const core::OptionSet<MonteCarloOptions>& MonteCarloOptionSet() {
  static const core::OptionSet<MonteCarloOptions> kSet =
      core::OptionSet<MonteCarloOptions>()
          .Int("race", &MonteCarloOptions::race, 95, 0, 99,
               "Monte Carlo racing: after each batch, moves whose paired difference from the best "
               "shows them worse at this confidence in percent are dropped and not solved on later "
               "layouts (they keep the statistics of the layouts they were solved on). BestMove "
               "races unless given 0; Analyze races only when this option is given.")
          .Int("confidence", &MonteCarloOptions::confidence, 0, 0, 99,
               "Monte Carlo: stop early once the best move is ahead of every other by the paired "
               "difference at this confidence in percent (0: never stop early).")
          .Int("min_samples", &MonteCarloOptions::min_samples, 30, 1, 1000000,
               "Monte Carlo: samples before any early stop or any move is raced out.");
  return kSet;
}

MonteCarloConfig MonteCarloConfigOf(const MonteCarloOptions& options, const core::SearchSpec& spec,
                                    uint64_t default_samples, uint64_t batch) {
  MonteCarloConfig c;
  c.samples = spec.limits.samples != 0 ? spec.limits.samples : default_samples;
  c.threads = std::max(1, spec.threads);
  c.batch = batch;
  c.min_samples = static_cast<uint64_t>(options.min_samples);
  c.confidence = static_cast<double>(options.confidence) / 100;
  const bool race = spec.mode == core::SearchMode::kBestMove || options.race.given;
  c.race = race ? static_cast<double>(options.race.value) / 100 : 0;
  return c;
}

}  // namespace kibitzer::search
