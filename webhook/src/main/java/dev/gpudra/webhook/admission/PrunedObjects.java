package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;

/**
 * Reads a review's {@code object} or {@code oldObject} from the stream as a tree pruned to a {@link
 * Shape}: what the webhook judges is kept, the rest skipped unread. A value of the wrong type where
 * the shape expects an object or list is kept as an empty one of its own type, so that the judging
 * can still say which field is wrong. Each {@code opaque.parameters} becomes a {@link
 * RawParameters} (in a POJO node). Bounds: {@value #MAX_CONFIGS} configs per list (the API server's
 * {@code DeviceConfigMaxSize}), {@link RawParameters#MAX_CHARS} per parameters.
 */
final class PrunedObjects {
  static final int MAX_CONFIGS = 32;

  private final JsonFactory factory;
  private final JsonNodeFactory nodes = JsonNodeFactory.instance;

  PrunedObjects(JsonFactory factory) {
    this.factory = factory;
  }

  /** The value at the parser's current token, pruned; the parser ends on its last token. */
  JsonNode read(JsonParser p, String path) throws IOException {
    return read(p, Shape.CLAIM_OR_TEMPLATE, path);
  }

  private JsonNode read(JsonParser p, Shape shape, String path) throws IOException {
    return switch (shape.kind()) {
      case SCALAR -> scalar(p);
      case OBJECT -> p.currentToken() == JsonToken.START_OBJECT ? object(p, shape, path) : other(p);
      case CONFIGS -> p.currentToken() == JsonToken.START_ARRAY ? configs(p, path) : other(p);
    };
  }

  private ObjectNode object(JsonParser p, Shape shape, String path) throws IOException {
    ObjectNode object = nodes.objectNode();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      Shape child = shape.fields().get(name);
      if (child == null) {
        p.skipChildren();
      } else {
        keep(object, name, read(p, child, path + "." + name), path);
      }
    }
    return object;
  }

  private ArrayNode configs(JsonParser p, String path) throws IOException {
    ArrayNode configs = nodes.arrayNode();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (configs.size() == MAX_CONFIGS) {
        throw new MalformedReviewException(path + ": must have at most " + MAX_CONFIGS + " items");
      }
      String item = path + "[" + configs.size() + "]";
      configs.add(p.currentToken() == JsonToken.START_OBJECT ? config(p, item) : other(p));
    }
    return configs;
  }

  private ObjectNode config(JsonParser p, String path) throws IOException {
    ObjectNode config = nodes.objectNode();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      if (!"opaque".equals(name)) {
        p.skipChildren();
      } else if (p.currentToken() == JsonToken.START_OBJECT) {
        keep(config, name, opaque(p, path + ".opaque"), path);
      } else {
        keep(config, name, other(p), path);
      }
    }
    return config;
  }

  private ObjectNode opaque(JsonParser p, String path) throws IOException {
    ObjectNode opaque = nodes.objectNode();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      switch (name) {
        case "driver" -> keep(opaque, name, scalar(p), path);
        case "parameters" -> keep(opaque, name, nodes.pojoNode(parameters(p)), path);
        default -> p.skipChildren();
      }
    }
    return opaque;
  }

  /** The value re-written compactly token by token, stopped once past the limit. */
  private RawParameters parameters(JsonParser p) throws IOException {
    StringWriter text = new StringWriter();
    int depth = 0;
    try (JsonGenerator out = factory.createGenerator(text)) {
      do {
        depth += copy(p, out);
        out.flush();
        if (text.getBuffer().length() > RawParameters.MAX_CHARS) {
          skipRest(p, depth);
          return RawParameters.tooLong();
        }
      } while (depth > 0 && p.nextToken() != null);
    }
    return RawParameters.of(text.toString());
  }

  /** Writes the current token; returns how it changes the depth. */
  private static int copy(JsonParser p, JsonGenerator out) throws IOException {
    JsonToken token = p.currentToken();
    switch (token) {
      case START_OBJECT -> out.writeStartObject();
      case START_ARRAY -> out.writeStartArray();
      case END_OBJECT -> out.writeEndObject();
      case END_ARRAY -> out.writeEndArray();
      case FIELD_NAME -> out.writeFieldName(p.currentName());
      case VALUE_STRING -> out.writeString(p.getText());
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> out.writeNumber(p.getText());
      case VALUE_TRUE, VALUE_FALSE -> out.writeBoolean(token == JsonToken.VALUE_TRUE);
      default -> out.writeNull();
    }
    return token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
  }

  private static void skipRest(JsonParser p, int depth) throws IOException {
    for (int open = depth; open > 0; ) {
      JsonToken token = p.nextToken();
      if (token == null) {
        return;
      }
      open += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
    }
  }

  private JsonNode scalar(JsonParser p) throws IOException {
    if (p.currentToken().isScalarValue()) {
      return p.currentToken() == JsonToken.VALUE_NULL
          ? NullNode.getInstance()
          : nodes.textNode(p.getText());
    }
    return other(p);
  }

  /** A value of a type the shape does not expect: an empty one of its own type, or the scalar. */
  private JsonNode other(JsonParser p) throws IOException {
    JsonToken token = p.currentToken();
    p.skipChildren();
    return switch (token) {
      case START_OBJECT -> nodes.objectNode();
      case START_ARRAY -> nodes.arrayNode();
      case VALUE_NULL -> NullNode.getInstance();
      case VALUE_TRUE, VALUE_FALSE -> nodes.booleanNode(token == JsonToken.VALUE_TRUE);
      default -> nodes.textNode("");
    };
  }

  private static void keep(ObjectNode object, String name, JsonNode value, String path) {
    if (object.replace(name, value) != null) {
      throw new MalformedReviewException("duplicate field \"" + path + "." + name + "\"");
    }
  }
}
