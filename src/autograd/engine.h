// The backward engine: runs the graph from root edges, each node once, after
// every node that feeds it a gradient (dependency counts), later-created
// nodes first among the ready ones (as PyTorch's engine orders them).
#pragma once

#include <vector>

#include "autograd/node.h"

namespace tdsl::autograd {

struct BackwardRequest {
  std::vector<Edge> roots;
  std::vector<Value> rootGrads;  // one per root, already checked
  bool keepGraph = false;        // retain_graph
  bool createGraph = false;
  // torch.autograd.grad: the gradients reaching these edges are returned
  // instead of accumulated into any .grad, and only the nodes leading to
  // them run. Empty: backward() (accumulate into the leaves).
  std::vector<Edge> captures;
  bool capture = false;
  // Note [Boundary captures] (engine.cpp): the captured edges are the
  // border of a region traced by torch.compile, not tensors of this backward.
  bool boundary = false;
  // With `boundary`: receives, per capture, each gradient that reached it,
  // in arrival order (then the returned sums stay None).
  std::vector<std::vector<Value>>* contributions = nullptr;
};

// Returns one gradient per capture edge (None: none reached it).
std::vector<Value> runBackward(TensorState& s, const BackwardRequest& req);

}  // namespace tdsl::autograd
