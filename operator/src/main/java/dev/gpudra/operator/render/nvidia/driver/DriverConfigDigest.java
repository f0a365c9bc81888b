package dev.gpudra.operator.render.nvidia.driver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code DRIVER_CONFIG_DIGEST}, as NVIDIA's operator gives it to the driver manager and the driver
 * container: a digest of the rendered DaemonSet spec, computed once everything else is set, that
 * both compare with the one of the installed driver to skip unloading and reinstalling a driver
 * whose configuration did not change. The value is gpu-dra's (SHA-256 of the spec's JSON with
 * sorted keys), stable for one rendering, not NVIDIA's byte for byte.
 */
final class DriverConfigDigest {
  static final String VARIABLE = "DRIVER_CONFIG_DIGEST";

  private DriverConfigDigest() {}

  static void stamp(DaemonSet ds) {
    String digest = of(ds);
    var pod = ds.getSpec().getTemplate().getSpec();
    Stream.concat(pod.getInitContainers().stream(), pod.getContainers().stream())
        .filter(c ->
            c.getName().equals(DriverContainers.MANAGER)
                || c.getName().equals(DriverContainers.DRIVER))
        .forEach(c -> set(c, digest));
  }

  static String of(DaemonSet ds) {
    try {
      ObjectMapper json =
          new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(json.writeValueAsString(ds.getSpec()).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 16);
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot digest " + ds.getMetadata().getName(), e);
    }
  }

  private static void set(Container container, String digest) {
    List<EnvVar> env = new ArrayList<>(container.getEnv());
    EnvVar variable = PodParts.env(VARIABLE, digest);
    int at = env.stream().map(EnvVar::getName).toList().indexOf(VARIABLE);
    if (at >= 0) {
      env.set(at, variable);
    } else {
      env.add(variable);
    }
    container.setEnv(env);
  }
}
