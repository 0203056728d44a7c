# The package `concurrent`: its one submodule is `futures`
# (stdlib/_concurrent_futures.td; issue 15).
import _concurrent_futures as futures
