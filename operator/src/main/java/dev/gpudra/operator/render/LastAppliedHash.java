package dev.gpudra.operator.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * NVIDIA's update gate: a rendered object carries the hash of what was rendered in {@code
 * nvidia.com/last-applied-hash}; the operator writes it only when the stored object's hash differs,
 * so a steady cluster sees no writes.
 */
public final class LastAppliedHash {
  /** The annotation NVIDIA's operator keeps the hash in. */
  public static final String ANNOTATION = "nvidia.com/last-applied-hash";

  private final ObjectMapper json =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  /** {@code rendered} with its hash annotation set. */
  public <T extends HasMetadata> T stamp(T rendered) {
    Map<String, String> annotations =
        new HashMap<>(
            Optional.ofNullable(rendered.getMetadata().getAnnotations()).orElse(Map.of()));
    annotations.remove(ANNOTATION);
    rendered.getMetadata().setAnnotations(annotations.isEmpty() ? null : annotations);
    String hash = hash(rendered);
    annotations.put(ANNOTATION, hash);
    rendered.getMetadata().setAnnotations(annotations);
    return rendered;
  }

  /** Whether {@code stored} (empty: absent) must be written to become {@code stamped}. */
  public boolean needsWrite(Optional<? extends HasMetadata> stored, HasMetadata stamped) {
    return stored
        .map(s -> Optional.ofNullable(s.getMetadata().getAnnotations()).orElse(Map.of()))
        .map(a -> !stamped.getMetadata().getAnnotations().get(ANNOTATION).equals(a.get(ANNOTATION)))
        .orElse(true);
  }

  private String hash(HasMetadata rendered) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(json.writeValueAsString(rendered).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot hash " + rendered.getMetadata().getName(), e);
    }
  }
}
