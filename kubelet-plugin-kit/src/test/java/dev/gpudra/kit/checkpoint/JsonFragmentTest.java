package dev.gpudra.kit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class JsonFragmentTest {
  final ChecksummedEnvelope envelope = new ChecksummedEnvelope();
  final ObjectWriter writer = envelope.mapper().writer();

  static LongStream seeds() {
    return LongStream.range(0, 300);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName("the canonical text is the one earlier builds hashed, for any tree")
  void canonicalMatchesReference(long seed) {
    JsonNode tree = new RandomJson(seed).object(4);
    assertThat(CanonicalJson.render(tree)).isEqualTo(ReferenceCanonicalJson.render(tree));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "a tree with fragments in place of some subtrees seals to the same bytes and checksum as the"
          + " plain tree, and opens")
  void fragmentsSealLikeTheirTrees(long seed) {
    RandomJson random = new RandomJson(seed);
    ObjectNode data = random.object(4);
    data.set("claims", random.object(3));
    JsonNode fragmented = withFragments(data, random, 0);

    byte[] sealed = envelope.seal(7, fragmented);

    assertThat(new String(sealed)).isEqualTo(new String(envelope.seal(7, data)));
    assertThat(ChecksummedEnvelope.checksum(fragmented))
        .isEqualTo(ChecksummedEnvelope.checksum(data));
    assertThat(envelope.open(envelope.parse(sealed)).data()).isEqualTo(data);
  }

  @Test
  @DisplayName("one fragment written at several depths is indented for each")
  void reindents() {
    ObjectNode value = new RandomJson(42).object(3);
    value.putObject("nested").putArray("list").addObject().put("k", "v");
    JsonFragment fragment = JsonFragment.of(value, writer);
    for (int depth : new int[] {3, 1, 5, 0, 3}) {
      ObjectNode plain = JsonNodeFactory.instance.objectNode();
      ObjectNode withFragment = JsonNodeFactory.instance.objectNode();
      ObjectNode innerPlain = plain;
      ObjectNode innerFragment = withFragment;
      for (int i = 0; i < depth; i++) {
        innerPlain = innerPlain.putObject("level" + i);
        innerFragment = innerFragment.putObject("level" + i);
      }
      innerPlain.set("value", value);
      innerFragment.set("value", fragment.node());
      assertThat(new String(envelope.seal(1, withFragment)))
          .isEqualTo(new String(envelope.seal(1, plain)));
    }
  }

  @Test
  @DisplayName(
      "the cache renders only values that are not the same instance under the same key as in the"
          + " previous call")
  void rendersOnlyChangedValues() {
    List<Object> rendered = new ArrayList<>();
    FragmentCache<List<String>> cache =
        new FragmentCache<>(
            value -> {
              rendered.add(value);
              return envelope.mapper().valueToTree(value);
            },
            writer);
    Map<String, List<String>> values = new TreeMap<>();
    for (int i = 0; i < 100; i++) {
      values.put("u" + i, List.of("v" + i));
    }
    JsonNode first = cache.render(values);
    assertThat(rendered).hasSize(100);
    assertThat(envelope.seal(1, first)).isEqualTo(envelope.seal(1, plain(values)));

    rendered.clear();
    values.put("u7", List.of("changed"));
    values.put("u8", List.of("v8")); // equal, but another instance
    values.remove("u9");
    values.put("new", List.of("n"));
    values.put("u10", values.get("u11")); // the instance of another key
    JsonNode second = cache.render(values);

    assertThat(rendered)
        .containsExactlyInAnyOrder(
            List.of("changed"), List.of("v8"), List.of("n"), values.get("u11"));
    assertThat(envelope.seal(1, second)).isEqualTo(envelope.seal(1, plain(values)));
  }

  @Test
  @DisplayName(
      "an empty map, keys in insertion order that is not sorted, and keys that need escaping seal"
          + " byte for byte like the generic tree, nested at any depth, and open")
  void mapShapes() {
    FragmentCache<List<String>> cache =
        new FragmentCache<>(value -> envelope.mapper().valueToTree(value), writer);
    Map<String, List<String>> values = new LinkedHashMap<>();
    assertSealsLikePlain(cache, values);

    values.put("z", List.of("last key, first written"));
    values.put("a\"quoted\\", List.of("x"));
    values.put("\u00e9t\u00e9 \uD83D\uDE00 \u0001", List.of("non-ASCII, non-BMP, control"));
    values.put("m", List.of());
    assertSealsLikePlain(cache, values);
    values.remove("z");
    values.put("b", List.of("added after a removal"));
    assertSealsLikePlain(cache, values);
  }

  private void assertSealsLikePlain(
      FragmentCache<List<String>> cache, Map<String, List<String>> values) {
    ObjectNode withCache = JsonNodeFactory.instance.objectNode();
    withCache.put("first", 1).putObject("nested").set("claims", cache.render(values));
    ObjectNode plain = JsonNodeFactory.instance.objectNode();
    plain.put("first", 1).putObject("nested").set("claims", plain(values));

    byte[] sealed = envelope.seal(1, withCache);

    assertThat(new String(sealed, java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo(new String(envelope.seal(1, plain), java.nio.charset.StandardCharsets.UTF_8));
    assertThat(envelope.open(envelope.parse(sealed)).data()).isEqualTo(plain);
  }

  @Test
  @DisplayName(
      "a checkpoint past the native SHA-256 threshold carries the JDK's checksum, and opens")
  void largeCheckpointChecksum() {
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    ObjectNode claims = data.putObject("claims");
    for (int i = 0;
        claims.toString().length() < 2 * ChecksummedEnvelope.NATIVE_SHA_FROM_BYTES;
        i++) {
      claims.set("uid-" + i, new RandomJson(i).object(3).put("padding", "x".repeat(100)));
    }

    byte[] sealed = envelope.seal(1, data);

    assertThat(envelope.parse(sealed).get("checksum").asText())
        .isEqualTo(ChecksummedEnvelope.checksum(data));
    assertThat(envelope.open(envelope.parse(sealed)).data()).isEqualTo(data);
  }

  private ObjectNode plain(Map<String, List<String>> values) {
    Map<String, List<String>> ordered = new LinkedHashMap<>(values);
    return envelope.mapper().valueToTree(ordered);
  }

  /** A copy of {@code node} where about a third of the subtrees below the top are fragments. */
  private JsonNode withFragments(JsonNode node, RandomJson random, int depth) {
    if (depth > 0 && random.random().nextInt(3) == 0) {
      return JsonFragment.of(node, writer).node();
    }
    if (node.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      node.properties().forEach(e -> copy.set(e.getKey(), withFragments(e.getValue(), random, 1)));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      node.forEach(element -> copy.add(withFragments(element, random, 1)));
      return copy;
    }
    return node;
  }
}
