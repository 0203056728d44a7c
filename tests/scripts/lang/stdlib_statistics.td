# stdlib module written in tdsl: statistics
import statistics as st
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(st.mean(data), st.median(data), st.median([1, 3, 2]))
print(round(st.stdev(data), 6), round(st.variance(data), 6))
