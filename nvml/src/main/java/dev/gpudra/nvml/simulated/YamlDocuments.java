package dev.gpudra.nvml.simulated;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads YAML text into trees, rejecting duplicate keys; syntax errors name the source. */
final class YamlDocuments {
  private final YAMLMapper mapper;

  YamlDocuments() {
    this.mapper =
        YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
  }

  JsonNode parse(String source, String yaml) {
    try {
      JsonNode tree = mapper.readTree(yaml);
      if (tree == null || !tree.isObject()) {
        throw new InvalidProfileException(source, "", "expected a YAML mapping at the top level");
      }
      return tree;
    } catch (JacksonException e) {
      throw new InvalidProfileException(source, "", "not valid YAML: " + e.getOriginalMessage());
    }
  }

  /** A built-in classpath resource; its absence is a packaging bug. */
  JsonNode resource(String path, String source) {
    try (InputStream in = YamlDocuments.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing built-in resource " + path);
      }
      return parse(source, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read built-in resource " + path, e);
    }
  }
}
