print("benchmarks: not written yet")
