# copy: shallow and deep copies as CPython 3.11's Lib/copy.py makes them
# (issue 15): copy.copy, copy.deepcopy with its memo (shared and cyclic
# structures are copied once, cycles stay cycles), __copy__ / __deepcopy__,
# __reduce_ex__ / __reduce__ with __setstate__, and the default copy of an
# instance (a new object of its class, not initialised, given its attributes).
#
# Note [Copying tdsl objects]
# Dispatch is by type, as CPython's tables: atomic values are returned as
# they are; list, dict, set, frozenset and tuple are copied here; a tensor
# copies as PyTorch's Tensor.__deepcopy__ (leaf tensors only, keeping
# requires_grad); a user instance goes through the protocols above. An
# instance's state is written back into its __dict__, as CPython's
# _reconstruct does (so a class's __setattr__ is not called).
import _objectnew


class Error(Exception):
    pass


error = Error


def _is_instance(x):
    return hasattr(type(x), "__mro__")


def _builtin(x, types):
    # isinstance for the built-in types themselves: an instance of a subclass
    # of list (or int...) is copied as an instance, keeping its class.
    return isinstance(x, types) and not _is_instance(x)


def _is_tensor(x):
    return type(x).__name__ == "Tensor" and not _is_instance(x)


def _atomic(x):
    if x is None or x is NotImplemented:
        return True
    if _builtin(x, (int, float, str, bool, range, slice)):
        return True
    t = type(x)
    if _is_instance(x):
        return False
    name = t.__name__ if hasattr(t, "__name__") else ""
    return name in ("function", "builtin_function_or_method", "type", "property", "ellipsis", "complex", "bytes")


def _class_has(x, name):
    return _is_instance(x) and hasattr(type(x), name) and getattr(type(x), name) is not None


def _reduce(x):
    if _class_has(x, "__reduce_ex__"):
        return x.__reduce_ex__(4)
    if _class_has(x, "__reduce__"):
        return x.__reduce__()
    return None


def copy(x):
    """A shallow copy of x."""
    if _atomic(x) or _builtin(x, (tuple, frozenset)):
        return x
    if _builtin(x, list):
        return list(x)
    if _builtin(x, dict):
        return dict(x)
    if _builtin(x, set):
        return set(x)
    if _is_tensor(x):
        raise Error("un(shallow)copyable object of type Tensor")
    if not _is_instance(x):
        raise Error("un(shallow)copyable object of type %s" % type(x).__name__)
    if isinstance(x, type):
        return x
    if _class_has(x, "__copy__"):
        return x.__copy__()
    rv = _reduce(x)
    if rv is None:
        return _copy_instance(x, None)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


def _copy_instance(x, memo):
    base = _objectnew.payload(x)
    if base is None:
        y = _objectnew.new(type(x))
    else:
        y = _objectnew.new(type(x), base if memo is None else deepcopy(base, memo))
    if memo is not None:
        memo[id(x)] = y
    state = x.__dict__
    if memo is not None:
        state = deepcopy(state, memo)
    if hasattr(y, "__setstate__"):
        y.__setstate__(state)
    else:
        y.__dict__.update(state)
    return y


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of x; memo maps id(original) to its copy."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    if _atomic(x):
        y = x
    elif _builtin(x, list):
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif _builtin(x, tuple):
        y = [deepcopy(a, memo) for a in x]
        # A tuple holding itself through a list copied itself already.
        if d in memo:
            return memo[d]
        same = True
        for k, j in zip(x, y):
            if k is not j:
                same = False
                break
        y = x if same else tuple(y)
    elif _builtin(x, dict):
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif _builtin(x, (set, frozenset)):
        items = deepcopy(list(x), memo)
        if d in memo:
            return memo[d]
        y = set(items) if isinstance(x, set) else frozenset(items)
    elif _is_tensor(x):
        y = _deepcopy_tensor(x)
    elif not _is_instance(x):
        raise Error("un(deep)copyable object of type %s" % type(x).__name__)
    elif _class_has(x, "__deepcopy__"):
        y = x.__deepcopy__(memo)
    else:
        rv = _reduce(x)
        if rv is None:
            y = _copy_instance(x, memo)
        elif isinstance(rv, str):
            y = x
        else:
            y = _reconstruct(x, memo, *rv)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _deepcopy_tensor(x):
    if not x.is_leaf:
        raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment")
    y = x.detach().clone()
    if x.requires_grad:
        y.requires_grad_(True)
    if x.grad is not None:
        y.grad = x.grad.detach().clone()
    return y


def _keep_alive(x, memo):
    # As CPython: the originals stay alive while the memo does, so their ids
    # are not reused by objects made during the copy.
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, "__setstate__"):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                y.__dict__.update(state)
            if slotstate is not None:
                for key, value in slotstate.items():
                    setattr(y, key, value)
    if listiter is not None:
        if deep:
            for item in listiter:
                y.append(deepcopy(item, memo))
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        else:
            for key, value in dictiter:
                y[key] = value
    return y
