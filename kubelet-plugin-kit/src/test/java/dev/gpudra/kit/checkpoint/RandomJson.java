package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;

/**
 * Random JSON trees for property tests: nested objects and arrays, awkward strings, all scalars.
 */
final class RandomJson {
  private static final String[] PIECES = {
    "a",
    "Z",
    "0",
    "-",
    "_",
    " ",
    "\"",
    "\\",
    "/",
    "\n",
    "\t",
    "\r",
    "\b",
    "\f",
    "\u0001",
    "\u001f",
    "\u007f",
    "é",
    "\u2028",
    "😀",
    "claims",
    "uid",
    "GPU-1",
    "k8s.gpu.nvidia.com/claim=x"
  };

  private final Random random;
  private final JsonNodeFactory nodes = JsonNodeFactory.instance;

  RandomJson(long seed) {
    this.random = new Random(seed);
  }

  Random random() {
    return random;
  }

  String string() {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(6); i > 0; i--) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }

  JsonNode value(int depth) {
    int kind = random.nextInt(depth <= 0 ? 7 : 9);
    return switch (kind) {
      case 0 -> nodes.textNode(string());
      case 1 -> nodes.numberNode(random.nextInt());
      case 2 -> nodes.numberNode(random.nextLong());
      case 3 -> nodes.booleanNode(random.nextBoolean());
      case 4 -> nodes.nullNode();
      case 5 -> nodes.numberNode(random.nextDouble() * 1e6);
      case 6 -> nodes.textNode("");
      case 7 -> array(depth - 1);
      default -> object(depth - 1);
    };
  }

  ObjectNode object(int depth) {
    ObjectNode object = nodes.objectNode();
    for (int i = random.nextInt(5); i > 0; i--) {
      object.set(string(), value(depth));
    }
    return object;
  }

  private ArrayNode array(int depth) {
    ArrayNode array = nodes.arrayNode();
    for (int i = random.nextInt(4); i > 0; i--) {
      array.add(value(depth));
    }
    return array;
  }
}
