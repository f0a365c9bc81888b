package dev.gpudra.kit.registration;

import java.util.Arrays;
import java.util.Optional;

/** The DRA node services, as named in {@code PluginInfo.supported_versions}, newest first. */
public enum DraService {
  V1("v1.DRAPlugin"),
  V1BETA1("v1beta1.DRAPlugin");

  private final String id;

  DraService(String id) {
    this.id = id;
  }

  /** The registration string, e.g. {@code v1.DRAPlugin}. */
  public String id() {
    return id;
  }

  public static Optional<DraService> fromId(String id) {
    return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
  }
}
