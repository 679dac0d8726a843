#include "service/convert.h"

#include <cmath>

namespace kibitzer::service {
namespace {

pb::Bound ToProto(core::Bound bound) {
  switch (bound) {
    case core::Bound::kExact:
      return pb::BOUND_EXACT;
    case core::Bound::kLower:
      return pb::BOUND_LOWER;
    case core::Bound::kUpper:
      return pb::BOUND_UPPER;
    case core::Bound::kEstimate:
      return pb::BOUND_ESTIMATE;
  }
  return pb::BOUND_UNSPECIFIED;
}

pb::OptionInfo ToProto(const core::OptionSpec& spec) {
  pb::OptionInfo out;
  out.set_name(spec.name);
  switch (spec.type) {
    case core::OptionSpec::Type::kBool:
      out.set_type(pb::OptionInfo::TYPE_BOOL);
      break;
    case core::OptionSpec::Type::kInt:
      out.set_type(pb::OptionInfo::TYPE_INT);
      break;
    case core::OptionSpec::Type::kString:
      out.set_type(pb::OptionInfo::TYPE_STRING);
      break;
    case core::OptionSpec::Type::kEnum:
      out.set_type(pb::OptionInfo::TYPE_ENUM);
      break;
  }
  out.set_default_value(spec.default_value);
  out.set_description(spec.description);
  out.set_min(spec.min);
  out.set_max(spec.max);
  for (const auto& c : spec.choices) out.add_choices(c);
  return out;
}

}  // namespace

core::PositionSpec FromProto(const pb::Position& position) {
  core::PositionSpec spec;
  spec.variant = position.variant();
  spec.notation = position.notation();
  spec.moves.assign(position.moves().begin(), position.moves().end());
  spec.seat = position.seat();
  spec.options.insert(position.options().begin(), position.options().end());
  return spec;
}

pb::Position ToProto(const core::PositionSpec& spec, const std::string& game) {
  pb::Position out;
  out.set_game(game);
  out.set_variant(spec.variant);
  out.set_notation(spec.notation);
  for (const auto& m : spec.moves) out.add_moves(m);
  out.set_seat(spec.seat);
  out.mutable_options()->insert(spec.options.begin(), spec.options.end());
  return out;
}

core::Limits FromProto(const pb::Limits& limits) {
  core::Limits out;
  out.time = std::chrono::milliseconds(limits.time_ms());
  out.nodes = static_cast<uint64_t>(limits.nodes());
  out.depth = limits.depth();
  out.samples = static_cast<uint64_t>(limits.samples());
  out.candidate_moves.assign(limits.candidate_moves().begin(), limits.candidate_moves().end());
  return out;
}

pb::GameInfo ToProto(const core::GameInfo& info) {
  pb::GameInfo out;
  out.set_name(info.name);
  out.set_display_name(info.display_name);
  out.set_description(info.description);
  for (const auto& v : info.variants) {
    pb::VariantInfo* vi = out.add_variants();
    vi->set_name(v.name);
    vi->set_description(v.description);
  }
  for (const auto& o : info.position_options) *out.add_position_options() = ToProto(o);
  for (const auto& o : info.search_options) *out.add_search_options() = ToProto(o);
  out.set_position_notation(info.position_notation);
  out.set_move_notation(info.move_notation);
  for (const auto& s : info.seats) out.add_seats(s);
  out.set_hidden_information(info.hidden_information);
  out.set_value_description(info.value_description);
  out.set_example_position(info.example_position);
  return out;
}

pb::StopReason ToProto(core::StopReason reason) {
  switch (reason) {
    case core::StopReason::kNone:
      return pb::STOP_REASON_UNSPECIFIED;
    case core::StopReason::kCompleted:
      return pb::STOP_REASON_COMPLETED;
    case core::StopReason::kDepthLimit:
      return pb::STOP_REASON_DEPTH_LIMIT;
    case core::StopReason::kNodeLimit:
      return pb::STOP_REASON_NODE_LIMIT;
    case core::StopReason::kTimeLimit:
      return pb::STOP_REASON_TIME_LIMIT;
    case core::StopReason::kSampleLimit:
      return pb::STOP_REASON_SAMPLE_LIMIT;
    case core::StopReason::kStopped:
      return pb::STOP_REASON_STOPPED;
    case core::StopReason::kCancelled:
      return pb::STOP_REASON_CANCELLED;
    case core::StopReason::kShutdown:
      return pb::STOP_REASON_SHUTDOWN;
    case core::StopReason::kError:
      return pb::STOP_REASON_ERROR;
    case core::StopReason::kQueueTime:
      return pb::STOP_REASON_QUEUE_TIME;
  }
  return pb::STOP_REASON_UNSPECIFIED;
}

namespace {

pb::ValueUnit ToProto(core::ValueUnit unit) {
  static_assert(pb::ValueUnit_MAX == static_cast<int>(core::ValueUnit::kRate),
                "the two enums list the same units in the same order");
  return static_cast<pb::ValueUnit>(static_cast<int>(unit));
}

void FillStatistic(const core::Statistic& from, pb::Statistic* to) {
  to->set_name(from.name);
  to->set_value(from.value);
  to->set_description(from.description);
  to->set_unit(ToProto(from.unit));
}

void FillMove(const core::MoveValue& mv, pb::ValueUnit unit, pb::MoveValue* m) {
  m->set_move(mv.move);
  m->set_value(mv.value);
  m->set_bound(ToProto(mv.bound));
  m->set_depth(mv.depth);
  for (const auto& p : mv.pv) m->add_pv(p);
  m->set_display(mv.display);
  m->set_samples(static_cast<int64_t>(mv.samples));
  m->set_std_error(mv.std_error);
  m->set_unit(unit);
  for (const auto& metric : mv.metrics) {
    pb::Statistic* to = m->add_metrics();
    FillStatistic(metric, to);
    // A metric with no unit of its own is in the value's.
    if (metric.unit == core::ValueUnit::kUnspecified) to->set_unit(unit);
  }
}

void FillReview(const core::MoveReview& r, pb::MoveReview* out) {
  const pb::ValueUnit unit = ToProto(r.unit);
  out->set_index(r.index);
  out->set_seat(r.seat);
  out->set_played(r.played);
  out->set_valued(r.valued);
  if (r.valued) {
    FillMove(r.played_value, unit, out->mutable_played_value());
    FillMove(r.best, unit, out->mutable_best());
    out->set_cost(r.cost);
    out->set_unit(unit);
    out->set_objective(r.objective);
    out->set_grade(r.grade);
  }
  out->set_stop_reason(service::ToProto(r.stop_reason));
  out->set_note(r.note);
}

}  // namespace

void FillReport(const core::Report& report, pb::SearchReport* out) {
  const pb::ValueUnit unit = ToProto(report.frame.unit);
  out->set_final(report.final);
  out->set_stop_reason(report.final ? ToProto(report.stop_reason) : pb::STOP_REASON_UNSPECIFIED);
  out->clear_moves();
  for (const auto& mv : report.moves) FillMove(mv, unit, out->add_moves());
  out->clear_reviews();
  for (const auto& r : report.reviews) FillReview(r, out->add_reviews());
  out->set_review_total(report.review_total);
  out->set_best_move(report.best_move);
  out->set_depth(report.depth);
  out->set_nodes(static_cast<int64_t>(report.nodes));
  out->set_nodes_per_second(static_cast<int64_t>(report.NodesPerSecond()));
  out->set_samples(static_cast<int64_t>(report.samples));
  out->set_elapsed_ms(static_cast<int64_t>(std::llround(report.elapsed_seconds * 1000)));
  out->clear_statistics();
  for (const auto& s : report.statistics) FillStatistic(s, out->add_statistics());
  out->set_message(report.message);
  out->set_unit(unit);
  out->set_objective(report.frame.objective);
  pb::SearchTarget* target = out->mutable_target();
  target->set_samples(static_cast<int64_t>(report.frame.target.samples));
  target->set_nodes(static_cast<int64_t>(report.frame.target.nodes));
  target->set_time_ms(report.frame.target.time_ms);
  target->set_depth(report.frame.target.depth);
}

void FillTable(const core::TableView& table, pb::TableView* out) {
  for (const core::TableView::Hand& h : table.hands) {
    pb::TableHand* hand = out->add_hands();
    hand->set_seat(h.seat);
    for (const std::string& c : h.cards) hand->add_cards(c);
    hand->set_count(h.count);
    hand->set_known(h.known);
  }
  for (const core::TableView::Play& p : table.table) {
    pb::TablePlay* play = out->add_table();
    play->set_seat(p.seat);
    for (const std::string& c : p.cards) play->add_cards(c);
  }
  for (const core::TableView::Group& g : table.groups) {
    pb::TableGroup* group = out->add_groups();
    group->set_name(g.name);
    for (const std::string& c : g.cards) group->add_cards(c);
    group->set_move(g.move);
  }
  for (const core::TableView::Fact& f : table.facts) {
    pb::TableFact* fact = out->add_facts();
    fact->set_name(f.name);
    fact->set_value(f.value);
  }
}

}  // namespace kibitzer::service
