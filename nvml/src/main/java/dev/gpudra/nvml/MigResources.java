package dev.gpudra.nvml;

/** The compute, engine and memory resources of a GPU-instance profile or MIG device. */
public record MigResources(
    int multiprocessors,
    int copyEngines,
    int decoders,
    int encoders,
    int jpegEngines,
    int ofaEngines,
    long memoryMiB) {
  public MigResources {
    if (multiprocessors < 0
        || copyEngines < 0
        || decoders < 0
        || encoders < 0
        || jpegEngines < 0
        || ofaEngines < 0
        || memoryMiB < 0) {
      throw new IllegalArgumentException("MIG resources must not be negative");
    }
  }

  public long memoryBytes() {
    return memoryMiB * 1024 * 1024;
  }
}
