package dev.gpudra.nvml.simulated;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.TimeSlice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What simulated GPUs were set to, kept in a file so that it outlives the process that set it, as a
 * real GPU's state outlives the plugin (until the driver reloads): a restarted or crashed plugin
 * finds the MIG devices it made. Written whole, atomically, after every change.
 *
 * @param gpus by GPU UUID
 */
record SimulatedState(Map<String, Gpu> gpus) {
  private static final ObjectMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  SimulatedState {
    gpus = Map.copyOf(gpus);
  }

  /**
   * @param created MIG devices created so far (for fresh UUIDs)
   */
  record Gpu(
      ComputeMode computeMode,
      TimeSlice timeSlice,
      boolean persistenceMode,
      MigMode migMode,
      List<Mig> migDevices,
      long created) {
    Gpu {
      migDevices = List.copyOf(migDevices);
    }
  }

  /** One MIG device: its instance IDs, UUID, GPU-instance profile ID and placement. */
  record Mig(
      int gpuInstanceId, int computeInstanceId, String uuid, int profileId, int start, int size) {}

  static Optional<SimulatedState> read(Path file) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), SimulatedState.class));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the simulated GPUs' state " + file, e);
    }
  }

  void write(Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path temp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.write(temp, JSON.writeValueAsBytes(this));
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the simulated GPUs' state", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the simulated GPUs' state " + file, e);
    }
  }
}
