package dev.gpudra.nvml;

import java.util.Arrays;

/** A GPU's compute mode ({@code nvmlComputeMode_t}): which processes may create CUDA contexts. */
public enum ComputeMode {
  /** Any number of processes, each with any number of contexts (time-sliced). */
  DEFAULT(0),
  /** Deprecated by NVML; read, never set. */
  EXCLUSIVE_THREAD(1),
  /** No context at all. */
  PROHIBITED(2),
  /** One process at a time: what an MPS control daemon needs, its server being that process. */
  EXCLUSIVE_PROCESS(3);

  private final int nvmlValue;

  ComputeMode(int nvmlValue) {
    this.nvmlValue = nvmlValue;
  }

  public int nvmlValue() {
    return nvmlValue;
  }

  /**
   * @throws NvmlException for a value NVML does not define
   */
  public static ComputeMode fromNvml(int value) {
    return Arrays.stream(values())
        .filter(m -> m.nvmlValue == value)
        .findFirst()
        .orElseThrow(() -> new NvmlException("unknown NVML compute mode " + value, -1));
  }
}
