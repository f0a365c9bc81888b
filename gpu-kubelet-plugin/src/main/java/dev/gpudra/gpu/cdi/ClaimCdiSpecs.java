package dev.gpudra.gpu.cdi;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.util.List;
import java.util.Objects;

/** Builds and writes, or deletes, the CDI spec of one claim. */
public final class ClaimCdiSpecs {
  private final ClaimSpecBuilder builder;
  private final CdiSpecWriter writer;

  public ClaimCdiSpecs(ClaimSpecBuilder builder, CdiSpecWriter writer) {
    this.builder = Objects.requireNonNull(builder, "builder");
    this.writer = Objects.requireNonNull(writer, "writer");
  }

  /**
   * Writes the claim's spec. Its device IDs are {@link ClaimSpecBuilder#qualifiedId}.
   *
   * @throws CdiException when the spec cannot be built or written
   */
  public void write(String claimUid, List<AllocatableDevice> devices) {
    write(claimUid, devices, java.util.Map.of());
  }

  /**
   * @param extra edits added to a device's own, by device name
   */
  public void write(
      String claimUid,
      List<AllocatableDevice> devices,
      java.util.Map<String, ContainerEdits> extra) {
    writer.write(claimUid, builder.build(claimUid, devices, extra));
  }

  /** The claims with a spec file and their device names ({@link CdiSpecWriter#claimDevices}). */
  public java.util.Map<String, List<String>> claimDevices() {
    return writer.claimDevices();
  }

  /** Whether the claim's spec file exists. */
  public boolean exists(String claimUid) {
    return writer.exists(claimUid);
  }

  /**
   * Deletes the claim's spec; a missing file is fine.
   *
   * @throws CdiException when an existing spec cannot be deleted
   */
  public void delete(String claimUid) {
    writer.delete(claimUid);
  }
}
