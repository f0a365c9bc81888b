package dev.gpudra.localcluster.validation.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Reads the corpus from a directory: {@code bases/<name>.yaml} hold one object each; every other
 * {@code *.yaml} holds cases, one YAML document each:
 *
 * <pre>
 * case: upper-case device name        # unique in the corpus
 * base: gpu-slice                     # or object: {...}
 * patch: [{op: replace, path: /spec/devices/3/name, value: GPU_0}]
 * update: [...]                       # optional: create, then send the patched update
 * subresource: status                 # optional: the update goes to the status subresource
 * expect: [{field: spec.devices[3].name, reason: FieldValueInvalid}]   # or accepted; optional
 * messages: ['spec.devices[3].name: Invalid value: "GPU_0": ...']      # optional, full wording
 * </pre>
 */
public final class ValidationCorpus {
  private static final YAMLMapper YAML = new YAMLMapper();

  private ValidationCorpus() {}

  /** Every case in {@code dir}, by file name, then in file order. */
  public static List<CorpusCase> load(Path dir) {
    Map<String, JsonNode> bases = new HashMap<>();
    for (Path file : yamlFiles(dir.resolve("bases"))) {
      String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
      bases.put(name, documents(file).get(0));
    }
    List<CorpusCase> cases = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Path file : yamlFiles(dir)) {
      String where = dir.relativize(file).toString();
      for (JsonNode doc : documents(file)) {
        CorpusCase c = parse(doc, bases, where);
        if (!names.add(c.name())) {
          throw new IllegalArgumentException(where + ": case '" + c.name() + "' is named twice");
        }
        cases.add(c);
      }
    }
    return cases;
  }

  private static CorpusCase parse(JsonNode doc, Map<String, JsonNode> bases, String file) {
    String name = doc.path("case").asText();
    String where = file + " '" + name + "'";
    JsonNode object = doc.get("object");
    if (doc.has("base")) {
      object = bases.get(doc.get("base").asText());
      if (object == null) {
        throw new IllegalArgumentException(where + ": no base " + doc.get("base"));
      }
    }
    if (object == null) {
      throw new IllegalArgumentException(where + ": needs base or object");
    }
    if (doc.has("patch")) {
      object = ObjectPatch.apply(object, doc.get("patch"), where);
    }
    JsonNode base = object;
    Optional<JsonNode> update =
        Optional.ofNullable(doc.get("update")).map(ops -> ObjectPatch.apply(base, ops, where));
    List<String> messages = new ArrayList<>();
    doc.path("messages").forEach(m -> messages.add(m.asText()));
    Target target =
        doc.path("subresource").asText().equals("status") ? Target.STATUS : Target.OBJECT;
    return new CorpusCase(
        name, file, object, update, target, expected(doc.get("expect"), where), messages);
  }

  private static Optional<Verdict> expected(JsonNode expect, String where) {
    if (expect == null) {
      return Optional.empty();
    }
    if (expect.isTextual() && expect.asText().equals("accepted")) {
      return Optional.of(Verdict.accepted());
    }
    if (!expect.isArray() || expect.isEmpty()) {
      throw new IllegalArgumentException(where + ": expect is 'accepted' or a list of causes");
    }
    Set<Cause> causes = new TreeSet<>();
    expect.forEach(c -> causes.add(new Cause(c.path("field").asText(), c.path("reason").asText())));
    return Optional.of(Verdict.invalid(causes));
  }

  private static List<JsonNode> documents(Path file) {
    try (MappingIterator<JsonNode> docs =
        YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
      List<JsonNode> all = new ArrayList<>();
      docs.forEachRemaining(d -> {
        if (d != null && !d.isNull() && !d.isEmpty()) {
          all.add(d);
        }
      });
      return all;
    } catch (IOException e) {
      throw new UncheckedIOException("corpus file " + file + ": " + e.getMessage(), e);
    }
  }

  private static List<Path> yamlFiles(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("corpus directory " + dir + ": " + e.getMessage(), e);
    }
  }
}
