CREATE DATABASE IF NOT EXISTS `s                                        x`;
