#include "engine/core/thread_pool.h"

#include <thread>
#include <utility>

namespace kibitzer::core {

ThreadPool& ThreadPool::Process() {
  static ThreadPool* const pool = new ThreadPool;  // never destroyed: its threads may outlive main
  return *pool;
}

void ThreadPool::Post(std::function<void()> task) {
  std::unique_lock<std::mutex> lock(mu_);
  tasks_.push_back(std::move(task));
  // Each idle thread takes one waiting task; with more tasks than idle threads, one more thread.
  if (idle_ >= static_cast<int>(tasks_.size())) {
    ready_.notify_one();
    return;
  }
  ++started_;
  ++live_;
  lock.unlock();
  std::thread([this] { Loop(); }).detach();  // the one place a thread is started
}

void ThreadPool::Loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (tasks_.empty()) {
      if (idle_ >= kKeepIdle || closing_) break;
      ++idle_;
      ready_.wait(lock, [this] { return !tasks_.empty() || closing_; });
      --idle_;
      if (tasks_.empty()) break;  // closing
    }
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    lock.unlock();
    task();
    task = nullptr;  // what it holds goes before the thread waits again
    lock.lock();
  }
  --live_;
  gone_.notify_all();
}

ThreadPool::~ThreadPool() {
  std::unique_lock<std::mutex> lock(mu_);
  closing_ = true;
  ready_.notify_all();
  gone_.wait(lock, [this] { return live_ == 0; });
}

int ThreadPool::started() const {
  std::lock_guard<std::mutex> lock(mu_);
  return started_;
}

int ThreadPool::idle() const {
  std::lock_guard<std::mutex> lock(mu_);
  return idle_;
}

void ThreadGroup::Start(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++running_;
  }
  pool_.Post([this, task = std::move(task)] {
    task();
    std::lock_guard<std::mutex> lock(mu_);
    if (--running_ == 0) done_.notify_all();
  });
}

void ThreadGroup::Join() {
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, [this] { return running_ == 0; });
}

}  // namespace kibitzer::core
