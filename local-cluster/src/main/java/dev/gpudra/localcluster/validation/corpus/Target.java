package dev.gpudra.localcluster.validation.corpus;

/** Where an update case sends its update: the object, or its status subresource. */
public enum Target {
  OBJECT,
  STATUS
}
